// The renderer files whose words all come from the message catalogs (shared/i18n/messages): the one
// list. ESLint's dockdesk/no-literal-ui-text rule (build/eslint/no-literal-ui-text.mjs) holds these
// to it, and test/unit/i18n-catalogs.test.ts reads them. The rest of the renderer is not yet under the
// rule: add a file (or a whole area's folder) here when its words have moved to the catalogs.
export const translatedFiles = [
  'renderer/src/app/*.{ts,tsx}',
  'renderer/src/StatusBar.tsx',
  'renderer/src/palette/*.{ts,tsx}',
  'renderer/src/workspaces/settings/*.{ts,tsx}',
  // Every area's contribution file: its sidebar name, palette lines and groups, Settings titles are
  // Phrases, its scan candidates worded when found (receiving's and printing's too; their folders follow).
  'renderer/src/workspaces/*/*.contribution.tsx',
  'renderer/src/workspaces/{area,registry,contributions}.ts',
  'renderer/src/areas.ts',
  'renderer/src/i18n/*.{ts,tsx}',
  'renderer/src/workspaces/returns/intake/*.{ts,tsx}',
  'renderer/src/workspaces/returns/outbox/*.{ts,tsx}',
  'renderer/src/workspaces/returns/{ReturnsList,ReturnDetail,ReturnsFilters}.tsx',
  'renderer/src/workspaces/today/{TodayView,TodayLists,TileGrid,TodaySettingsPanel,tiles,stockTiles}.{ts,tsx}',
  'renderer/src/workspaces/UpcomingWorkspace.tsx',
  'renderer/src/keyboard/*.{ts,tsx}',
  'renderer/src/session/*.{ts,tsx}',
  'renderer/src/scan/*.{ts,tsx}',
  'renderer/src/workspaces/inventory/*.{ts,tsx}',
  'renderer/src/workspaces/lots/*.{ts,tsx}',
  'renderer/src/workspaces/history/*.{ts,tsx}',
  'renderer/src/workspaces/stock/*.{ts,tsx}',
  'renderer/src/workspaces/unidentified/*.{ts,tsx}',
  'renderer/src/ui/{ErrorNote,Pager,QueryState}.tsx',
];
