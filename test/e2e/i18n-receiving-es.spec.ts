import { test } from './fixtures.js';
import { receivingByKeys } from './i18n-receiving-keys.js';

/**
 * Recepción on a Spanish system and a Spanish keyboard, by keys and scans only: the desk follows
 * the system's language, Alt+1 and the scan detector work as in English though every key comes
 * from its place on the Spanish layout ('-' on the US '/' key), the arrival is typed day first and
 * reads back as 30/06/2028, 14:05, an unknown code is refused in Spanish, the order is created, and
 * the cancel question counts 1, 2 and 5 cajas in Spanish.
 */
test.use({ locale: 'es-ES' });

const po = (number: string) => (/^PO\b/i.test(number) ? number : `OC ${number}`);

test('Recepción by keys and scans on a Spanish keyboard: Spanish words, the date day first, 1, 2 and 5 cajas', async ({ page, host }) => {
  test.setTimeout(180_000);
  await receivingByKeys(page, host, 'es', {
    signIn: 'Iniciar sesión',
    title: 'Recepción',
    listTable: 'Órdenes de recepción de almacén',
    newOrder: 'Nueva orden de recepción',
    center: 'Centro de distribución',
    arrival: 'Llegada prevista',
    arrivalKeys: '300620281405',
    arrivalShown: '30/06/2028, 14:05',
    po: 'Número de OC',
    boxTracking: 'Número de seguimiento de la caja 1',
    code: 'SKU, código de barras o id de inventario',
    line: 'Caja 1, artículo 1',
    scanInto: 'Escanear un artículo en la caja 1',
    noItem: (code) => `Ningún artículo encontrado para «${code}».`,
    quantity: 'Cantidad',
    submit: 'Crear orden de recepción',
    orderTitle: (id) => `Orden de recepción ${id}`,
    created: (id) => `Orden de recepción ${id} creada`,
    boxes: 'Cajas',
    boxColumns: ['Caja', 'Id de caja', 'Estado', 'Número de seguimiento', 'Llegada', 'Artículos'],
    cancelButton: 'Cancelar la orden…',
    cancelTitle: (id) => `¿Cancelar la orden de recepción ${id}?`,
    cancelSays: (number, center, boxes) =>
      `${po(number)}, prevista en ${center}: el servicio dejará de esperar ${boxes === 1 ? 'su 1 caja' : `sus ${boxes} cajas`}. No se puede deshacer.`,
    keep: 'Conservarla',
  });
});
