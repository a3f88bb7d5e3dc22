#ifndef HOBBYSTORY_CCURL_H
#define HOBBYSTORY_CCURL_H
// One HTTP exchange through libcurl, for the command-line client's portal transport (T3). Swift
// cannot call `curl_easy_setopt`, which is variadic; this bridge sets the options a request needs
// and hands the answer back through callbacks. libcurl is used because FoundationNetworking on
// Linux offers no way to trust a certificate authority of one's own (`--ca-file`).

#include <stddef.h>

/// Receives a piece of the answer (a header line, or body bytes). Returns 0 to go on, any other
/// value to stop the transfer.
typedef int (*hobbystory_curl_piece)(const char *bytes, size_t length, void *context);

/// Asked now and then during the transfer: returns non-zero to stop it (the task was cancelled).
typedef int (*hobbystory_curl_should_stop)(void *context);

/// What one request sends.
typedef struct {
    const char *url;
    const char *method;
    /// `header_count` lines of the form "Name: value".
    const char *const *headers;
    size_t header_count;
    /// The body, or NULL for none.
    const void *body;
    size_t body_length;
    /// The longest the whole exchange may take, in milliseconds.
    long timeout_ms;
    /// A PEM file of the certificate authorities to trust instead of the system's, or NULL.
    const char *ca_file;
} hobbystory_curl_request;

/// Performs `request`. Returns 0 with `*status` set when an HTTP answer arrived; otherwise a
/// libcurl error code, with a readable explanation in `error` (at least 256 bytes).
int hobbystory_curl_perform(const hobbystory_curl_request *request, hobbystory_curl_piece on_header,
                            hobbystory_curl_piece on_body, hobbystory_curl_should_stop should_stop,
                            void *context, long *status, char *error);

#endif
