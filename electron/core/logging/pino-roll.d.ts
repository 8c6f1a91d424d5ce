// pino-roll 4 ships no types: its default export builds a SonicBoom stream that rolls files.
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom';
  interface PinoRollOptions {
    file: string | (() => string);
    size?: number | string;
    frequency?: number | string;
    extension?: string;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    symlink?: boolean;
    dateFormat?: string;
    mkdir?: boolean;
    mode?: number;
    sync?: boolean;
  }
  export default function roll(options: PinoRollOptions): Promise<SonicBoom>;
}
