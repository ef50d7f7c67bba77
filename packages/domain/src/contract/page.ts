import { z } from 'zod';

/** The answer of a paged list (spec section 7): one page of items and the total of all pages. */
export const pageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ list: z.array(item), total: z.number().int() });
