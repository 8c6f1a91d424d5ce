import { z } from 'zod';

/** The input of a channel that takes none; extra fields are refused like on any other channel. */
export const NoInput = z.object({}).strict();

/** One channel: its input and output schema. Every area's file is a map of these. */
export interface ChannelSpec {
  input: z.ZodType;
  output: z.ZodType;
}
