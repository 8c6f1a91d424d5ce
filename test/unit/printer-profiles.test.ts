import { describe, expect, it } from 'vitest';
import { printerStatus } from '../../areas/printing/core/system-print.js';
import { PrinterProfileInput, PrintingSettings } from '../../areas/printing/common/ipc.js';

/**
 * Printer profiles as the settings file keeps them: network label printers written before there were
 * system printers (with their kind, or older still without one) read as they were, system printers
 * read with their exact label size, and one profile that cannot be read does not lose the others.
 */
const NETWORK = { id: 'p1', name: 'Bench 1 Zebra', host: '192.168.1.40', port: 9100, dpi: 203, size: '4x6', darkness: 0, timeoutSeconds: 5 };
const SYSTEM = { id: 'p2', name: 'Office Dymo', kind: 'system', deviceName: 'DYMO_LabelWriter_450', widthMm: 57, heightMm: 32, timeoutSeconds: 30 };

describe('printer profiles', () => {
  it('reads a stored network profile with or without its kind, and a system profile', () => {
    const read = PrintingSettings.parse({
      profiles: [NETWORK, { ...NETWORK, id: 'p3', name: 'Bench 2', kind: 'network-label' }, SYSTEM],
      itemLabelPrinter: 'p2',
      boxLabelPrinter: 'p1',
    });
    expect(read.profiles).toEqual([{ ...NETWORK, kind: 'network-label' }, { ...NETWORK, id: 'p3', name: 'Bench 2', kind: 'network-label' }, SYSTEM]);
  });

  it('leaves out a profile it cannot read and keeps the rest', () => {
    const read = PrintingSettings.parse({
      profiles: [{ ...NETWORK, kind: 'bluetooth' }, SYSTEM, { ...SYSTEM, id: 'p4', widthMm: 'wide' }],
      itemLabelPrinter: null,
      boxLabelPrinter: null,
    });
    expect(read.profiles.map((p) => p.id)).toEqual(['p2']);
  });

  it('takes a new system printer with the defaults, and its size in millimetres to a tenth within 10 to 300 mm', () => {
    expect(PrinterProfileInput.parse({ kind: 'system', name: 'Dymo' })).toEqual({
      kind: 'system',
      name: 'Dymo',
      deviceName: null,
      widthMm: 101.6,
      heightMm: 152.4,
      timeoutSeconds: 30,
    });
    expect(PrinterProfileInput.safeParse({ kind: 'system', name: 'Dymo', widthMm: 62.25 }).error?.issues[0]?.message).toMatch(/to a tenth/);
    expect(PrinterProfileInput.safeParse({ kind: 'system', name: 'Dymo', heightMm: 5 }).error?.issues[0]?.message).toBe(
      "The label's height is at least 10 mm.",
    );
    // A system printer has no address; a network one no device.
    expect(PrinterProfileInput.safeParse({ kind: 'system', name: 'Dymo', host: '10.0.0.1' }).success).toBe(false);
    expect(PrinterProfileInput.safeParse({ kind: 'network-label', name: 'Zebra', host: '10.0.0.1', deviceName: 'x' }).success).toBe(false);
  });

  it('reads a printer’s state from the system’s attributes, unknown where there are none', () => {
    expect(printerStatus({ 'printer-state': '3' })).toBe('ready');
    expect(printerStatus({ 'printer-state': '4' })).toBe('busy');
    expect(printerStatus({ 'printer-state': '5' })).toBe('stopped');
    expect(printerStatus({ 'printer-state': '3', 'printer-is-accepting-jobs': 'false' })).toBe('stopped');
    expect(printerStatus({})).toBe('unknown');
    expect(printerStatus(undefined)).toBe('unknown');
  });
});
