// dockdesk/no-literal-ui-text: in a file whose words come from the catalogs (build/i18n-migrated.mjs),
// no text a clerk reads is written into the code: no text between JSX tags; no string or template
// literal with a letter in a child expression or in an attribute that is shown or spoken (aria-label,
// title, placeholder, label, ...); none as the value of an object property that is shown (a palette
// line's label, a toast's title, a shortcut's description, ...), nor returned by a Phrase written
// there (`label: () => 'Inventory'`); and none as the message of an error the clerk reads
// (`new Error('…')`, `throw new SomeError('…')`, `appError(code, '…')`); and no sentence put together
// in a template literal anywhere (`${n} could not be loaded`). Codes, names and numbers come
// in as variables and are not caught; nor are ids, CSS classes and keys, which are other properties.
const LETTER = /\p{L}/u;
/** Two words side by side: prose, not a class list (`status status-${kind}`), a key or a path. */
const PROSE = /(?<![\p{L}\d_-])\p{L}{2,}[ \u00a0]+\p{L}{2,}(?![\p{L}\d_-])/u;
/** A message id of the catalogs ("inventory.qty.onHand"): a table of labels holds ids, said with t() where shown. */
const MESSAGE_ID = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)+$/;
const SHOWN_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'prefix',
  'emptyText',
  'textValue',
  'heading',
  'message',
]);

/** Object properties whose value a clerk reads: what the shared mechanisms show (palette, toasts, shortcuts, Settings). */
const SHOWN_PROPERTIES = new Set([
  'label',
  'detail',
  'purpose',
  'group',
  'title',
  'heading',
  'message',
  'description',
  'placeholder',
  'text',
  'emptyText',
  'keywords',
]);

function propertyName(node) {
  if (node.computed) return node.key.type === 'Literal' ? String(node.key.value) : null;
  return node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? String(node.key.value) : null;
}

/** A value, or what a Phrase written in place answers (`() => 'Inventory'`, `(t) => cond ? t('a') : 'b'`). */
function shownValue(node) {
  if (node && (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') && node.body.type !== 'BlockStatement') return node.body;
  return node;
}

function literalText(node) {
  if (!node) return null;
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && LETTER.test(node.value) && !MESSAGE_ID.test(node.value) ? node : null;
    case 'TemplateLiteral':
      return node.quasis.some((q) => LETTER.test(q.value.cooked ?? '')) ? node : null;
    case 'ConditionalExpression':
      return literalText(node.consequent) ?? literalText(node.alternate);
    case 'LogicalExpression':
      return literalText(node.right) ?? literalText(node.left);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return literalText(node.expression);
    default:
      return null;
  }
}

/** `new Error('…')`, `new ScanError('…')`: an error constructor is a name ending in "Error". */
function isErrorConstructor(callee) {
  const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : null;
  return typeof name === 'string' && /Error$/.test(name);
}

/** `console.error(…)`: for whoever reads the developer tools, never the clerk. */
function isConsoleCall(node) {
  return (
    node.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    node.callee.object.type === 'Identifier' &&
    node.callee.object.name === 'console'
  );
}

export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text in JSX comes from the message catalogs (useT), never a literal.' },
    schema: [],
    messages: {
      text: 'Literal text "{{text}}" in JSX: put it in areas/<area>/messages/en.json (the kit\'s: shared/i18n/messages/en/<part>.json) and use t(\'…\') (ARCHITECTURE.md, "Languages").',
      property:
        'Literal text "{{text}}" as a shown {{name}}: put it in areas/<area>/messages/en.json (the kit\'s: shared/i18n/messages/en/<part>.json) and use t(\'…\') or a Phrase (ARCHITECTURE.md, "Languages").',
      assembled:
        'Text "{{text}}" put together in a template: a sentence is one message of the catalogs, with its values as arguments (ARCHITECTURE.md, "Languages").',
      error:
        'Literal text "{{text}}" in an error the clerk reads: put it in areas/<area>/messages/en.json (the kit\'s: shared/i18n/messages/en/<part>.json) and use t(\'…\') (ARCHITECTURE.md, "Languages").',
    },
  },
  create(context) {
    const words = (found) => (found.type === 'Literal' ? found.value : found.quasis.map((q) => q.value.cooked).join('…')).trim().slice(0, 40);
    // A template already reported where it is shown (a child, a shown property, an error) is not reported again as assembled.
    const reported = new WeakSet();
    const report = (node, text) => {
      reported.add(node);
      context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    };
    const check = (expression) => {
      const found = literalText(expression);
      if (found) report(found, words(found));
    };
    const checkAs = (expression, messageId, name) => {
      const found = literalText(expression);
      if (!found) return;
      reported.add(found);
      context.report({ node: found, messageId, data: { text: words(found), name } });
    };
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXElement' || node.parent.type === 'JSXFragment') check(node.expression);
      },
      Property(node) {
        if (node.parent.type !== 'ObjectExpression' || node.kind !== 'init') return;
        const name = propertyName(node);
        if (name && SHOWN_PROPERTIES.has(name)) checkAs(shownValue(node.value), 'property', name);
      },
      NewExpression(node) {
        if (isErrorConstructor(node.callee) && node.arguments[0]) checkAs(node.arguments[0], 'error');
      },
      CallExpression(node) {
        // appError(code, message, ...): the message is the desk's own explanation, read by the clerk.
        if (node.callee.type === 'Identifier' && node.callee.name === 'appError' && node.arguments[1]) checkAs(node.arguments[1], 'error');
      },
      TemplateLiteral(node) {
        // Words put together around values (`Loading ${what}…`): a sentence assembled in code, whatever shows it.
        if (reported.has(node) || node.parent.type === 'TaggedTemplateExpression' || isConsoleCall(node.parent)) return;
        if (node.quasis.some((q) => PROSE.test(q.value.cooked ?? ''))) context.report({ node, messageId: 'assembled', data: { text: words(node) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : `${node.name.namespace.name}:${node.name.name.name}`;
        if (!SHOWN_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal') check(node.value);
        else if (node.value.type === 'JSXExpressionContainer') check(node.value.expression);
      },
    };
  },
};

export const dockdeskPlugin = { rules: { 'no-literal-ui-text': noLiteralUiText } };
