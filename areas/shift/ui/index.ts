// The end of a shift offers nothing to other areas' pages; its view is reached by its route.
export {};
