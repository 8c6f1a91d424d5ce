/** A cell's key in a sheet's set of number cells (`ParsedSheet.numbers`). */
export const cellKey = (row: number, column: number) => row * 256 + column;
