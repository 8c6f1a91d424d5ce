// What the shell and other areas may use of the scanner's core: the guard that keeps the window
// menu's shortcuts from firing in the middle of a scanner's burst.
export { MenuGuard, type ElectronKeyInput } from './menu-guard.js';
