import { describe, expect, it } from 'vitest';
import { englishOf, labelWords, wordsFor } from '../../electron/core/words.js';

/** The shared error sentences as a Polish desk says them from main, with Polish plural forms; the log keeps English. */
describe('the error sentences in Polish', () => {
  const t = wordsFor('pl', ['en-US']).t;

  it('says them in Polish, counting as Polish does', () => {
    expect(t('errors.shift.period')).toBe('Zmiana musi się kończyć po swoim początku. Wybierz godziny ponownie.');
    expect([1, 3, 5, 22].map((seconds) => t('errors.api.callDeadline', { seconds }).split('.')[0])).toEqual([
      'Brak odpowiedzi w ciągu 1 sekundy',
      'Brak odpowiedzi w ciągu 3 sekund',
      'Brak odpowiedzi w ciągu 5 sekund',
      'Brak odpowiedzi w ciągu 22 sekund',
    ]);
    expect(t('errors.label.pagesMismatch', { pages: 2, boxes: 5 })).toMatch(/^PDF etykiet z serwisu ma 2 strony na 5 kartonów,/);
  });

  it('keeps the English for the log', () => {
    expect(englishOf({ id: 'errors.shift.period' })).toBe('The shift must end after it starts. Choose the times again.');
  });
});

/** The rest of what main says itself, on a Polish desk: the sign-in receiver's page, a print job's problem and the label words (Polish as the label language). */
describe('main’s other words in Polish', () => {
  const t = wordsFor('system', ['pl-PL']).t;

  it('says the sign-in page and a printer’s problem in Polish', () => {
    expect(t('signin.page.success.title')).toBe('Zalogowano');
    expect(t('printing.jobProblem.stop.paperOut')).toBe('Skończyły się etykiety: załóż nową rolkę etykiet.');
  });

  it('prints label words in Polish, counting as Polish does', () => {
    const label = labelWords('pl');
    expect([1, 3, 5, 22].map((count) => label('printlabel.job.itemLabels', { count, sku: 'KUB-1' }))).toEqual([
      '1 etykieta towaru dla KUB-1',
      '3 etykiety towaru dla KUB-1',
      '5 etykiet towaru dla KUB-1',
      '22 etykiety towaru dla KUB-1',
    ]);
    expect(label('printlabel.sku', { sku: 'KUB-1' })).toBe('SKU KUB-1');
  });
});
