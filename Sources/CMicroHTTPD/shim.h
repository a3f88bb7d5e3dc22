#ifndef HOBBYSTORY_CMICROHTTPD_SHIM_H
#define HOBBYSTORY_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// What the HTTPServer module needs from MHD_start_daemon, whose options are C variadics that
/// Swift cannot pass. `address` points to a sockaddr_in (or sockaddr_in6 when `ipv6` is 1).
typedef struct hobbystory_mhd_settings {
    const struct sockaddr *address;
    int ipv6;
    uint16_t port;
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int per_ip_connection_limit;
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit;
    unsigned int listen_backlog;
} hobbystory_mhd_settings;

/// The URI logger's signature (MHD_OPTION_URI_LOG_CALLBACK has no typedef in microhttpd.h).
typedef void *(*hobbystory_mhd_uri_callback)(void *context, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon whose internal threads (a pool when `thread_pool_size` > 1) use poll(), and
/// that allows suspending and resuming connections. Every callback gets `context`;
/// `notify_connection` hears of each connection's start and end (MHD_OPTION_NOTIFY_CONNECTION).
static inline struct MHD_Daemon *hobbystory_mhd_start(
    const hobbystory_mhd_settings *settings,
    MHD_AccessHandlerCallback access_handler,
    MHD_RequestCompletedCallback request_completed,
    hobbystory_mhd_uri_callback uri_logger,
    MHD_LogCallback error_logger,
    MHD_NotifyConnectionCallback notify_connection,
    void *context)
{
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    if (settings->ipv6) {
        flags |= MHD_USE_IPv6;
    }
    return MHD_start_daemon(
        flags, settings->port, NULL, NULL, access_handler, context,
        MHD_OPTION_EXTERNAL_LOGGER, error_logger, context,
        MHD_OPTION_SOCK_ADDR, settings->address,
        MHD_OPTION_THREAD_POOL_SIZE, settings->thread_pool_size,
        MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_ip_connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory_limit,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, settings->listen_backlog,
        MHD_OPTION_NOTIFY_COMPLETED, request_completed, context,
        MHD_OPTION_URI_LOG_CALLBACK, uri_logger, context,
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, context,
        MHD_OPTION_END);
}

/// The port the daemon actually listens on (useful after binding port 0), or 0 if unknown.
static inline uint16_t hobbystory_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// Writes the client's numeric address into `buffer` ("" when unknown); returns `buffer`.
static inline const char *hobbystory_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    buffer[0] = '\0';
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) {
        return buffer;
    }
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *) address)->sin_addr, buffer, (socklen_t) size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *) address)->sin6_addr, buffer, (socklen_t) size);
    }
    return buffer;
}

/// The connection's socket, or -1 when MHD does not say.
static inline int hobbystory_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The connection's `socket_context` (set by the connection notifier), or NULL.
static inline void *hobbystory_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// MHD_CONTENT_READER_END_OF_STREAM and MHD_CONTENT_READER_END_WITH_ERROR are cast macros.
static inline ssize_t hobbystory_mhd_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
static inline ssize_t hobbystory_mhd_end_with_error(void) { return MHD_CONTENT_READER_END_WITH_ERROR; }
static inline uint64_t hobbystory_mhd_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
#endif
