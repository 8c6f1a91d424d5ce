import { describe, expect, it } from 'vitest';
import { appMenu, type MenuItem } from '../../electron/core/app/app-menu.js';
import { wordsFor, wordsIn } from '../../electron/core/words.js';

/** The menu as a person reads it: each menu's title, then its items' labels. */
const read = (menu: MenuItem[]) => menu.map((m) => [m.label, ...(m.submenu ?? []).filter((i) => i.type !== 'separator').map((i) => i.label)]);
const roles = (menu: MenuItem[]) => menu.flatMap((m) => (m.submenu ?? []).map((i) => i.role).filter(Boolean));

describe('the desktop app’s menu bar', () => {
  it('reads in German on a German desk: file, editing, zoom and the window, with no reload or developer tools', () => {
    const menu = appMenu('win32', wordsIn('de'));
    expect(read(menu)).toEqual([
      ['Datei', 'Beenden'],
      ['Bearbeiten', 'Rückgängig', 'Wiederholen', 'Ausschneiden', 'Kopieren', 'Einfügen', 'Alles auswählen'],
      ['Ansicht', 'Vergrößern', 'Verkleinern', 'Originalgröße', 'Vollbild ein/aus'],
      ['Fenster', 'Minimieren', 'Fenster schließen'],
    ]);
    expect(roles(menu)).not.toContain('reload');
    expect(roles(menu)).not.toContain('toggleDevTools');
  });

  it('leads with the app’s own menu on macOS, in the language the Settings choose over the system’s', () => {
    const menu = appMenu('darwin', wordsFor('es', ['de-DE']));
    expect(read(menu)[0]).toEqual(['Dockdesk', 'Acerca de Dockdesk', 'Ocultar Dockdesk', 'Ocultar otros', 'Mostrar todo', 'Salir de Dockdesk']);
    expect(menu.map((m) => m.label)).toEqual(['Dockdesk', 'Edición', 'Ver', 'Ventana']);
    expect(appMenu('darwin', wordsFor('system', ['de-DE'])).map((m) => m.label)).toEqual(['Dockdesk', 'Bearbeiten', 'Ansicht', 'Fenster']);
  });

  it('reads in Polish on a Polish desk, the app’s own menu too', () => {
    expect(read(appMenu('linux', wordsIn('pl')))).toEqual([
      ['Plik', 'Zakończ'],
      ['Edycja', 'Cofnij', 'Ponów', 'Wytnij', 'Kopiuj', 'Wklej', 'Zaznacz wszystko'],
      ['Widok', 'Powiększ', 'Pomniejsz', 'Rzeczywisty rozmiar', 'Pełny ekran'],
      ['Okno', 'Minimalizuj', 'Zamknij okno'],
    ]);
    expect(read(appMenu('darwin', wordsFor('system', ['pl-PL'])))[0]).toEqual([
      'Dockdesk',
      'Dockdesk – informacje',
      'Ukryj Dockdesk',
      'Ukryj pozostałe',
      'Pokaż wszystkie',
      'Zakończ Dockdesk',
    ]);
  });
});
