/**
 * The desk's real languages besides English, as a system in that language starts it: the locale the
 * browser gives, a short tag for file names, the language's own name, and the sign-in button's words.
 */
export const DESK_LANGUAGES = [
  { locale: 'de-DE', tag: 'de', name: 'Deutsch', signIn: 'Anmelden' },
  { locale: 'es-ES', tag: 'es', name: 'Español', signIn: 'Iniciar sesión' },
  { locale: 'pl-PL', tag: 'pl', name: 'Polski', signIn: 'Zaloguj się' },
] as const;
