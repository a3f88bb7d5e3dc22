#ifndef HOBBYSTORY_CPOSTGRESQL_SHIM_H
#define HOBBYSTORY_CPOSTGRESQL_SHIM_H
#include <libpq-fe.h>

/// The error-field codes for PQresultErrorField are character-literal macros, which Swift cannot import.
static const int hobbystory_pg_diag_sqlstate = PG_DIAG_SQLSTATE;
static const int hobbystory_pg_diag_message_primary = PG_DIAG_MESSAGE_PRIMARY;
static const int hobbystory_pg_diag_message_detail = PG_DIAG_MESSAGE_DETAIL;
static const int hobbystory_pg_diag_message_hint = PG_DIAG_MESSAGE_HINT;
#endif
