// The weather services are fetched through the shared web transport (`HTTPTransport`, in
// NetworkFetch): whoever uses the weather module sees it too, as its API takes one.
@_exported import NetworkFetch
