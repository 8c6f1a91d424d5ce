// What other areas may use of inventory history in the renderer: its CSV and download helpers (one
// CSV dialect and local-time stamp for every export of the desk). Its address (#/inventory/history?item=…&fc=…) is its face.
export { csvField, localStamp } from './historyData';
