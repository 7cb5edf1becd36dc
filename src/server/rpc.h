/* rpc: JSON-RPC's and LSP's error codes, of the messages out (session.h) and of
 * a message in that cannot be read (events.h). */
#ifndef JGF_SERVER_RPC_H
#define JGF_SERVER_RPC_H

/* JSON-RPC and LSP error codes. */
#define E_PARSE -32700
#define E_INVALID_REQUEST -32600
#define E_METHOD_NOT_FOUND -32601
#define E_INVALID_PARAMS -32602
#define E_INTERNAL -32603
#define E_NOT_INITIALIZED -32002
#define E_REQUEST_FAILED -32803
#define E_CANCELLED -32800
#define E_CONTENT_MODIFIED -32801

#endif
