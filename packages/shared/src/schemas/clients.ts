// Schemas of clients (issue 38, docs/guide/clients.md). Filled by the clients work.
export {};
