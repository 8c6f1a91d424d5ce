/**
 * The desk's feature areas, in order: the sidebar's and Alt+<n>'s, and the core's wherever what the
 * areas need allows (the core builds a provider before its users). An area is its folder
 * (areas/<id>/: common/ipc.ts, core/<id>.contribution.ts, ui/<id>.contribution.tsx, messages/) and
 * one line here. `npm run areas` writes each layer's list from this one (shared/ipc/areas.generated.ts,
 * electron/core/areas.generated.ts, renderer/src/areas.generated.ts); the lint's zones and the
 * catalogs read it too, and a unit test fails while a written list is behind it.
 */
export const areaManifest = [
  'today',
  'receiving',
  'unidentified',
  'inventory',
  'history',
  'lots',
  'returns',
  'stock',
  'printing',
  'settings',
  'desks',
  'clerks',
  'journal',
  'shift',
  'evidence',
] as const;
