// libcurl for LinkDoctor (`linkgen doctor`). curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call: these typed wrappers pass each kind of value as the C
// API expects it (a long, a string, a list, a callback).
#include <curl/curl.h>

typedef size_t (*linkgen_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode linkgen_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode linkgen_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode linkgen_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode linkgen_curl_set_list(CURL *handle, CURLoption option,
                                             struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode linkgen_curl_set_callback(CURL *handle, CURLoption option,
                                                 linkgen_curl_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode linkgen_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode linkgen_curl_get_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode linkgen_curl_get_certinfo(CURL *handle, struct curl_certinfo **value) {
  return curl_easy_getinfo(handle, CURLINFO_CERTINFO, value);
}
