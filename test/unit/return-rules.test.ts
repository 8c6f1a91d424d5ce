import { describe, expect, it } from 'vitest';
import { ruleInEnglish } from '../../areas/returns/core/ruleWords.js';
import { applyServiceErrors, checkReturnDraft, itemRefusal, returnBody, type RuleText } from '../../areas/returns/common/rules.js';
import { ReturnDraft, type ReturnDraftInput } from '../../shared/schemas/return-draft.js';
import { ReturnCreate } from '../../shared/schemas/returns.js';

const draft = (over: ReturnDraftInput = {}) =>
  ReturnDraft.parse({
    referenceId: 'DD-20261122-ABCDEFGHJK',
    trackingNumber: '1Z999AA10123456784',
    fulfillmentCenter: { id: 1, name: 'Reno' },
    lines: [
      { inventoryId: 11, sku: 'TEE-S', name: 'Tee S', quantity: 2 },
      { inventoryId: 12, sku: 'MUG', name: 'Mug', quantity: 1, requestedAction: 'Quarantine' },
    ],
    ...over,
  });
const paths = (d: ReturnDraft) => checkReturnDraft(d).map((p) => p.path);
/** The rules' sentences as main says them: English, from the catalog. */
const english = (text: RuleText | null) => (text ? ruleInEnglish(text) : null);
const said = (d: ReturnDraft) => checkReturnDraft(d).map((p) => ({ ...p, message: ruleInEnglish(p.message) }));

describe('spec 4.8 rules before sending', () => {
  it('accepts a complete draft and builds the body the service takes, lines in order, each with its action', () => {
    const d = draft({
      lines: [
        { inventoryId: 11, quantity: 2, lotNumber: 'L7', expiry: '2027-03-31', item: { lot: true } },
        { inventoryId: 12, quantity: 1, requestedAction: 'Dispose' },
      ],
    });
    expect(checkReturnDraft(d)).toEqual([]);
    const body = returnBody(d);
    expect(ReturnCreate.safeParse(body).success).toBe(true);
    expect(body.inventory).toEqual([
      { id: 11, quantity: 2, requested_action: 'Default', lot_number: 'L7', lot_date: '2027-03-31T00:00:00Z' },
      { id: 12, quantity: 1, requested_action: 'Dispose', lot_number: null, lot_date: null },
    ]);
    expect(body.tracking_number).toBe('1Z999AA10123456784');
  });

  it('rule 2: refuses digital and bundle items, at the scan and on submit, saying what to do', () => {
    expect(english(itemRefusal({ digital: true, bundle: false }, 'EBOOK-1'))).toMatch(/EBOOK-1 is a digital item/);
    expect(english(itemRefusal({ digital: false, bundle: true }, 'KIT-2'))).toMatch(/KIT-2 is a bundle: scan the items inside/);
    expect(itemRefusal({ digital: false, bundle: false }, 'TEE')).toBeNull();
    const problems = said(
      draft({
        lines: [
          { inventoryId: 5, sku: 'EBOOK-1', item: { digital: true } },
          { inventoryId: 6, sku: 'KIT-2', item: { bundle: true } },
        ],
      }),
    );
    expect(problems).toEqual([
      expect.objectContaining({ path: 'lines.0.inventoryId', line: 0, message: expect.stringMatching(/digital.*rule 2/) }),
      expect.objectContaining({ path: 'lines.1.inventoryId', line: 1, message: expect.stringMatching(/bundle.*rule 2/) }),
    ]);
  });

  it('rules 1 and 3: the same item twice is refused on the second line (one line, one action per item)', () => {
    const problems = said(draft({ lines: [{ inventoryId: 11, quantity: 1 }, { inventoryId: 12 }, { inventoryId: 11, requestedAction: 'Restock' }] }));
    expect(problems).toEqual([expect.objectContaining({ path: 'lines.2.inventoryId', line: 2, message: expect.stringMatching(/repeats the item on line 1/) })]);
  });

  it('rule 5 and the basics: tracking, center, at least one line, quantities of at least 1', () => {
    expect(paths(draft({ trackingNumber: '  ' }))).toEqual(['trackingNumber']);
    expect(paths(draft({ fulfillmentCenter: null }))).toEqual(['fulfillmentCenter']);
    expect(paths(draft({ lines: [] }))).toEqual(['lines']);
    expect(paths(draft({ lines: [{ inventoryId: 11, quantity: 0 }] }))).toEqual(['lines.0.quantity']);
  });

  it('lot items need their lot; an expiry needs a lot', () => {
    expect(paths(draft({ lines: [{ inventoryId: 11, item: { lot: true } }] }))).toEqual(['lines.0.lotNumber']);
    expect(paths(draft({ lines: [{ inventoryId: 11, expiry: '2027-01-01' }] }))).toEqual(['lines.0.lotNumber']);
  });

  it('the original shipment must belong to the order found', () => {
    const order = { orderId: 9, referenceId: 'ORD-9', orderNumber: '1009', shipments: [{ id: 90, trackingNumber: null, fulfillmentCenter: null }] };
    expect(paths(draft({ order, originalShipmentId: 90 }))).toEqual([]);
    expect(paths(draft({ order, originalShipmentId: 91 }))).toEqual(['originalShipmentId']);
  });

  it('puts the service’s inventory[i] errors on line i and the rest on the draft', () => {
    const back = applyServiceErrors(draft(), [
      'inventory[1].id: MUG is a bundle; return its items instead (rule 2).',
      'reference_id: already used',
      'inventory[7].id: no such line',
    ]);
    expect(back.lines[0]!.messages).toEqual([]);
    expect(back.lines[1]!.messages).toEqual(['MUG is a bundle; return its items instead (rule 2).']);
    expect(back.messages).toEqual(['reference_id: already used', 'inventory[7].id: no such line']);
  });
});
