// What other areas may use of inventory history in the renderer: its local-time stamp (one for every
// export of the desk; the CSV writer itself is shared/csv.ts). Its address (#/inventory/history?item=…&fc=…) is its face.
export { localStamp } from './historyData';
