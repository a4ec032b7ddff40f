/* curl_loader.c — libcurl, loaded when a sync first needs it (issue 10, start-up cost).
 * Linking libcurl makes every berserk process load some thirty libraries and run their
 * constructors (GnuTLS's among them): about half of a `cards show`. So the binary is linked
 * without -lcurl, and these definitions of the libcurl functions that sync.c calls open
 * libcurl.so.4 on first use and forward to it. When it cannot be loaded, the calls fail
 * (CURLE_FAILED_INIT, NULL) and curl_easy_strerror says why. A libcurl function that sync.c
 * starts to call must be added here: until it is, the link fails (undefined reference). */
#define CURL_DISABLE_TYPECHECK     /* no checking macros over the names defined here */
#define curl_url_get curl_url_get_ /* its handle became const in newer headers: defined below as sync.c calls it */
#include <curl/curl.h>
#undef curl_url_get

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef void (*any_function)(void);

static struct {
    CURLcode (*global_init)(long);
    void (*global_cleanup)(void);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_reset)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    void (*free)(void *);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLU *(*url)(void);
    void (*url_cleanup)(CURLU *);
    CURLUcode (*url_get)(CURLU *, CURLUPart, char **, unsigned int);
    CURLUcode (*url_set)(CURLU *, CURLUPart, const char *, unsigned int);
    const char *(*url_strerror)(CURLUcode);
} real;
static bool loaded;
static char load_error[256] = "libcurl is not loaded";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* dlsym gives an object pointer; copying its bytes is how POSIX turns it into a function
 * pointer without a conversion ISO C forbids. */
static bool bind_symbol(void *library, const char *name, void *slot, size_t size)
{
    void *symbol = dlsym(library, name);
    if (!symbol) {
        snprintf(load_error, sizeof load_error, "libcurl cannot be used: %s is missing", name);
        return false;
    }
    memcpy(slot, &symbol, size);
    return true;
}

#define BIND(field, name) bind_symbol(library, name, &real.field, sizeof real.field)

static void load(void)
{
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library)
        library = dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "libcurl cannot be loaded: %s", why ? why : "libcurl.so.4 not found");
        return;
    }
    loaded = BIND(global_init, "curl_global_init") && BIND(global_cleanup, "curl_global_cleanup") &&
             BIND(easy_init, "curl_easy_init") && BIND(easy_setopt, "curl_easy_setopt") &&
             BIND(easy_perform, "curl_easy_perform") && BIND(easy_cleanup, "curl_easy_cleanup") &&
             BIND(easy_getinfo, "curl_easy_getinfo") && BIND(easy_reset, "curl_easy_reset") &&
             BIND(easy_strerror, "curl_easy_strerror") && BIND(free, "curl_free") &&
             BIND(slist_append, "curl_slist_append") && BIND(slist_free_all, "curl_slist_free_all") &&
             BIND(url, "curl_url") && BIND(url_cleanup, "curl_url_cleanup") && BIND(url_get, "curl_url_get") &&
             BIND(url_set, "curl_url_set") && BIND(url_strerror, "curl_url_strerror");
}

static bool ready(void)
{
    pthread_once(&load_once, load);
    return loaded;
}

CURLcode curl_global_init(long flags)
{
    return ready() ? real.global_init(flags) : CURLE_FAILED_INIT;
}

void curl_global_cleanup(void)
{
    if (ready())
        real.global_cleanup();
}

CURL *curl_easy_init(void)
{
    return ready() ? real.easy_init() : NULL;
}

/* The option number says the argument's type (curl.h, CURLOPTTYPE_*). */
CURLcode curl_easy_setopt(CURL *curl, CURLoption option, ...)
{
    va_list args;
    CURLcode code = CURLE_FAILED_INIT;
    va_start(args, option);
    if (!ready())
        code = CURLE_FAILED_INIT;
    else if (option < CURLOPTTYPE_OBJECTPOINT)
        code = real.easy_setopt(curl, option, va_arg(args, long));
    else if (option < CURLOPTTYPE_FUNCTIONPOINT)
        code = real.easy_setopt(curl, option, va_arg(args, void *));
    else if (option < CURLOPTTYPE_OFF_T)
        code = real.easy_setopt(curl, option, va_arg(args, any_function));
    else if (option < CURLOPTTYPE_BLOB)
        code = real.easy_setopt(curl, option, va_arg(args, curl_off_t));
    else
        code = real.easy_setopt(curl, option, va_arg(args, void *));
    va_end(args);
    return code;
}

CURLcode curl_easy_perform(CURL *curl)
{
    return ready() ? real.easy_perform(curl) : CURLE_FAILED_INIT;
}

void curl_easy_cleanup(CURL *curl)
{
    if (ready())
        real.easy_cleanup(curl);
}

/* Every CURLINFO takes a pointer to where the answer goes. */
CURLcode curl_easy_getinfo(CURL *curl, CURLINFO info, ...)
{
    va_list args;
    va_start(args, info);
    CURLcode code = ready() ? real.easy_getinfo(curl, info, va_arg(args, void *)) : CURLE_FAILED_INIT;
    va_end(args);
    return code;
}

void curl_easy_reset(CURL *curl)
{
    if (ready())
        real.easy_reset(curl);
}

const char *curl_easy_strerror(CURLcode code)
{
    return ready() ? real.easy_strerror(code) : load_error;
}

void curl_free(void *p)
{
    if (ready())
        real.free(p);
}

struct curl_slist *curl_slist_append(struct curl_slist *list, const char *data)
{
    return ready() ? real.slist_append(list, data) : NULL;
}

void curl_slist_free_all(struct curl_slist *list)
{
    if (ready())
        real.slist_free_all(list);
}

CURLU *curl_url(void)
{
    return ready() ? real.url() : NULL;
}

void curl_url_cleanup(CURLU *handle)
{
    if (ready())
        real.url_cleanup(handle);
}

CURLUcode curl_url_get(CURLU *handle, CURLUPart what, char **part, unsigned int flags)
{
    return ready() ? real.url_get(handle, what, part, flags) : CURLUE_OUT_OF_MEMORY;
}

CURLUcode curl_url_set(CURLU *handle, CURLUPart what, const char *part, unsigned int flags)
{
    return ready() ? real.url_set(handle, what, part, flags) : CURLUE_OUT_OF_MEMORY;
}

const char *curl_url_strerror(CURLUcode code)
{
    return ready() ? real.url_strerror(code) : load_error;
}
