import type { ComponentType } from 'react';
import type { SessionState } from '../../../shared/schemas/session';
import type { Phrase } from '../../../renderer/src/i18n/useT';
import { extensionPoint } from '../../../renderer/src/workspaces/registry';

/** A section of Settings an area brings (lot expiry warnings, return intake defaults), shown after Settings' own. */
export interface SettingsPanel {
  /** Unique within its area ("lot-expiry"). */
  id: string;
  /**
   * The section's heading, the same words the panel draws as its h2: its palette line is "Settings:
   * <title>", which finds the heading by its data-section (the English title) or by its text.
   */
  title: Phrase;
  component: ComponentType<{ session: SessionState }>;
}

export const settingsPanels = extensionPoint<SettingsPanel>('settings panels');
