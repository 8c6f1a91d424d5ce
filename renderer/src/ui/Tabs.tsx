import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

/**
 * The desk's tabs (React Aria: arrow keys move between tabs, the panel is labelled by its tab).
 * Controlled, so the caller can keep the selected tab in the address; one panel shows the content.
 */
export function Tabs<K extends string>({
  label,
  selected,
  tabs,
  onChange,
  children,
}: {
  label: string;
  selected: K;
  tabs: readonly { id: K; label: string }[];
  onChange: (id: K) => void;
  children: ReactNode;
}) {
  return (
    <AriaTabs className="tabs" selectedKey={selected} onSelectionChange={(key) => onChange(String(key) as K)}>
      <TabList aria-label={label} className="tab-list">
        {tabs.map((t) => (
          <Tab key={t.id} id={t.id} className="tab">
            {t.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.id} id={t.id} className="tab-panel">
          {t.id === selected ? children : null}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
