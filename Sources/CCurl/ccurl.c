#include "ccurl.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    hobbystory_curl_piece on_header;
    hobbystory_curl_piece on_body;
    hobbystory_curl_should_stop should_stop;
    void *context;
} callbacks;

static pthread_once_t global_init_once = PTHREAD_ONCE_INIT;

static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

static size_t write_body(char *bytes, size_t size, size_t count, void *user) {
    callbacks *c = user;
    size_t length = size * count;
    return c->on_body(bytes, length, c->context) == 0 ? length : 0;
}

static size_t write_header(char *bytes, size_t size, size_t count, void *user) {
    callbacks *c = user;
    size_t length = size * count;
    return c->on_header(bytes, length, c->context) == 0 ? length : 0;
}

static int progress(void *user, curl_off_t down_total, curl_off_t down_now, curl_off_t up_total,
                    curl_off_t up_now) {
    (void)down_total, (void)down_now, (void)up_total, (void)up_now;
    callbacks *c = user;
    return c->should_stop(c->context);
}

int hobbystory_curl_perform(const hobbystory_curl_request *request, hobbystory_curl_piece on_header,
                            hobbystory_curl_piece on_body, hobbystory_curl_should_stop should_stop,
                            void *context, long *status, char *error) {
    pthread_once(&global_init_once, global_init);
    error[0] = '\0';
    CURL *curl = curl_easy_init();
    if (curl == NULL) {
        snprintf(error, 256, "libcurl could not start a transfer");
        return CURLE_FAILED_INIT;
    }
    struct curl_slist *headers = NULL;
    // No "Expect: 100-continue" round trip before a body.
    headers = curl_slist_append(headers, "Expect:");
    for (size_t i = 0; i < request->header_count; i++) headers = curl_slist_append(headers, request->headers[i]);

    callbacks c = {on_header, on_body, should_stop, context};
    char curl_error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(curl, CURLOPT_URL, request->url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->timeout_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->timeout_ms);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_error);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &c);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, write_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &c);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, &c);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    if (request->ca_file != NULL) curl_easy_setopt(curl, CURLOPT_CAINFO, request->ca_file);
    if (strcmp(request->method, "HEAD") == 0) {
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    } else if (strcmp(request->method, "GET") != 0) {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request->method);
    }
    if (request->body != NULL) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)request->body_length);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request->body);
    }

    CURLcode result = curl_easy_perform(curl);
    if (result == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, status);
    } else {
        snprintf(error, 256, "%s", curl_error[0] != '\0' ? curl_error : curl_easy_strerror(result));
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return (int)result;
}
