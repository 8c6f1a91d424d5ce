// dockdesk/no-literal-ui-text: in a file whose words come from the catalogs (build/i18n-migrated.mjs),
// no text a clerk reads is written into the JSX: no text between tags, and no string or template
// literal with a letter in a child expression or in an attribute that is shown or spoken (aria-label,
// title, placeholder, label, ...). Codes, names and numbers come in as variables and are not caught.
const LETTER = /\p{L}/u;
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

function literalText(node) {
  if (!node) return null;
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && LETTER.test(node.value) ? node : null;
    case 'TemplateLiteral':
      return node.quasis.some((q) => LETTER.test(q.value.cooked ?? '')) ? node : null;
    case 'ConditionalExpression':
      return literalText(node.consequent) ?? literalText(node.alternate);
    case 'LogicalExpression':
      return literalText(node.right) ?? literalText(node.left);
    default:
      return null;
  }
}

export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text in JSX comes from the message catalogs (useT), never a literal.' },
    schema: [],
    messages: {
      text: 'Literal text "{{text}}" in JSX: put it in shared/i18n/messages/en/<area>.json and use t(\'…\') (ARCHITECTURE.md, "Languages").',
    },
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    const check = (expression) => {
      const found = literalText(expression);
      if (found) report(found, found.type === 'Literal' ? found.value : found.quasis.map((q) => q.value.cooked).join('…'));
    };
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXElement' || node.parent.type === 'JSXFragment') check(node.expression);
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
