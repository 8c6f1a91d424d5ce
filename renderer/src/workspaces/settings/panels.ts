import type { ComponentType } from 'react';
import type { SessionState } from '../../../../shared/schemas/session';
import { extensionPoint } from '../registry';

/** A section of Settings an area brings (lot expiry warnings, return intake defaults), shown after Settings' own. */
export interface SettingsPanel {
  /** Unique within its area ("lot-expiry"). */
  id: string;
  /** The section's heading as drawn (in English): its palette line is "Settings: <title>". */
  title: string;
  component: ComponentType<{ session: SessionState }>;
}

export const settingsPanels = extensionPoint<SettingsPanel>('settings panels');
