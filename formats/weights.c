/* weights.c — `squad auto --weights` files (formats/weights.h): a JSON object of card
 * names and integer weights, read through the capped reader. */
#include "weights.h"
#include "file_read.h"
#include "json_reader.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

bsk_status bsk_weights_read(const char *path, bsk_pool *pool, bsk_weights *weights, bsk_error *error)
{
    memset(weights, 0, sizeof *weights);
    char *text;
    size_t length;
    bsk_status status = bsk_file_read(path, BSK_WEIGHTS_FILE_CAP, "weights.file", &text, &length, error);
    if (status)
        return status;
    status = bsk_weights_parse(text, length, path, pool, weights, error);
    free(text);
    return status;
}

bsk_status bsk_weights_parse(const char *text, size_t length, const char *path, bsk_pool *pool,
                             bsk_weights *weights, bsk_error *error)
{
    bsk_json_reader ctx = {path, "weights.syntax", "weights.schema", error};
    bsk_status status = BSK_OK;
    memset(weights, 0, sizeof *weights);
    json_t *root = bsk_json_parse(&ctx, text, length);
    if (!root)
        return BSK_ERR_INVALID;
    if (!json_is_object(root)) {
        json_decref(root);
        return bsk_json_schema_error(&ctx, "", "expected an object {\"NAME\": weight}");
    }
    if (json_object_size(root) && !(weights->items = calloc(json_object_size(root), sizeof *weights->items))) {
        json_decref(root);
        return bsk_error_set(error, BSK_ERR_NOMEM, "", "out of memory reading %s", path);
    }
    const char *key;
    json_t *value;
    json_object_foreach(root, key, value) {
        const bsk_card *card = bsk_pool_resolve(pool, key);
        /* compared as the 64-bit JSON integer, before it becomes an int */
        if (!card || !json_is_integer(value) || json_integer_value(value) < BSK_WEIGHT_MIN ||
            json_integer_value(value) > BSK_WEIGHT_MAX) {
            if (card)
                status = bsk_json_schema_error(&ctx, key, "expected an integer weight %d..%d", BSK_WEIGHT_MIN,
                                               BSK_WEIGHT_MAX);
            else
                status = bsk_json_schema_error(&ctx, key, "unknown card");
            break;
        }
        weights->items[weights->count++] = (bsk_weight){card, (int)json_integer_value(value)};
    }
    json_decref(root);
    return status;
}

void bsk_weights_free(bsk_weights *weights)
{
    free(weights->items);
    memset(weights, 0, sizeof *weights);
}
