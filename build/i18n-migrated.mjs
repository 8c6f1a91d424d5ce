// The renderer files whose words all come from the message catalogs (shared/i18n/messages): the one
// list. ESLint's dockdesk/no-literal-ui-text rule (build/eslint/no-literal-ui-text.mjs) holds these
// to it, and test/unit/i18n-catalogs.test.ts reads them. The rest of the renderer is not yet under the
// rule: add a file (or a whole area's folder) here when its words have moved to the catalogs.
export const translatedFiles = [
  'renderer/src/app/*.{ts,tsx}',
  'renderer/src/StatusBar.tsx',
  'renderer/src/palette/*.{ts,tsx}',
  'renderer/src/workspaces/settings/{Appearance,SettingsWorkspace,EnvironmentForm}.tsx',
  'renderer/src/i18n/*.{ts,tsx}',
  'renderer/src/workspaces/returns/intake/*.{ts,tsx}',
  'renderer/src/workspaces/returns/outbox/*.{ts,tsx}',
  'renderer/src/workspaces/returns/{ReturnsList,ReturnDetail,ReturnsFilters}.tsx',
  'renderer/src/workspaces/today/{TodayView,TodayLists,TileGrid,TodaySettingsPanel,tiles,stockTiles}.{ts,tsx}',
  'renderer/src/workspaces/UpcomingWorkspace.tsx',
  'renderer/src/keyboard/*.{ts,tsx}',
  'renderer/src/session/*.{ts,tsx}',
  // ScanProvider.tsx: its palette lines are still English (the palette's lines take no words yet).
  'renderer/src/scan/{ScanCue,ScanChooser,ScanLogDialog,ScannerSettingsPanel,scanLog,scanService,cues}.{ts,tsx}',
  // An area's contribution file (sidebar label, palette lines, scan candidates) waits for the shared
  // mechanisms to take words from the catalogs; the rest of the area is listed.
  'renderer/src/workspaces/inventory/!(*.contribution).{ts,tsx}',
  'renderer/src/workspaces/lots/!(*.contribution).{ts,tsx}',
  'renderer/src/workspaces/history/!(*.contribution).{ts,tsx}',
  'renderer/src/workspaces/stock/!(*.contribution).{ts,tsx}',
  'renderer/src/workspaces/unidentified/!(*.contribution).{ts,tsx}',
  'renderer/src/ui/*.{ts,tsx}',
  'renderer/src/workspaces/printing/!(*.contribution).{ts,tsx}',
  // Settings' index only re-exports; its palette lines and panel list wait with the contribution files.
  'renderer/src/workspaces/settings/index.ts',
  'renderer/src/main.tsx',
  'renderer/src/workspaces/receiving/!(*.contribution).{ts,tsx}',
  'renderer/src/workspaces/receiving/create/*.{ts,tsx}',
];
