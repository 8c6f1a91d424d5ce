// The stock views offer nothing to other areas but their addresses (#/stock/expiring?…, #/stock/items?…).
export {};
