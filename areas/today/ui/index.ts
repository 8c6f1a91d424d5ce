// Today offers nothing to other areas but its addresses (#/today, #/today/receiving?…, #/today/outbox).
export {};
