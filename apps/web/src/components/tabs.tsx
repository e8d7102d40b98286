import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  /** What the ids of the tabs and panels begin with: unique on the page. */
  idPrefix: string;
  tabs: Tab<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

/** The id of a tab's button: a page that selects a tab itself (a link to it) moves the focus there. */
export const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;

const STEP: Partial<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Tabs as the WAI-ARIA tabs pattern has them: one tab in the Tab order (roving tabindex), arrow keys, Home and End
 * move between tabs and select them, each tab names the panel it controls.
 */
export function Tabs<K extends string>({ label, idPrefix, tabs, selected, onSelect }: TabsProps<K>) {
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const panelId = (key: K) => `${idPrefix}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    // From the tab that has the focus, not from `selected`: the selection may reach the page a render later (it lives
    // in the address), and a second key pressed before then must still step from where the focus is.
    const index = tabs.findIndex((tab) => tabRefs.current.get(tab.key) === event.target);
    if (index < 0) return;
    const next = tabs[step(index, tabs.length)];
    if (!next) return;
    onSelect(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) tabRefs.current.set(tab.key, element);
              else tabRefs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.key)}
            aria-selected={tab.key === selected}
            aria-controls={panelId(tab.key)}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={panelId(tab.key)}
          aria-labelledby={tabId(idPrefix, tab.key)}
          hidden={tab.key !== selected}
        >
          {tab.key === selected ? tab.panel : null}
        </div>
      ))}
    </>
  );
}
