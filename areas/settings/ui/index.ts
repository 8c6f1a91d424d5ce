// What other areas may use of Settings: the place for their own Settings panels, and a way to open one.
export { settingsPanels, type SettingsPanel } from './panels';
export { openSettingsSection, settingsSectionLine } from './paletteLines';
