"""serving.py — what the test servers share: announce the port the OS chose (on stdout
and, atomically, in --port-file, so a waiting test never reads half a number) and serve
until interrupted."""
import os


def announce_and_serve(server, port_file):
    port = server.server_address[1]
    if port_file:
        tmp = port_file + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % port)
        os.replace(tmp, port_file)
    print(port, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
