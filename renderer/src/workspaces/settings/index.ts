// What other areas may use of Settings: the place for their own Settings panels.
export { settingsPanels, type SettingsPanel } from './panels';
