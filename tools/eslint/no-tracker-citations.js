// Comments and strings say why by citing the spec, a decision record (docs/decisions/NNN) or the
// reason itself, never a tracker's issue number: a reader has the repository, not the tracker
// (CONVENTIONS 10). Test names are strings, so `describe('… (issue N)')` is caught too.

/** "issue" or "issues", then a number: across a line break inside a block comment too. */
const TRACKER_CITATION = /\bissues?[\s*_#-]*\d+/i;

export const noTrackerCitations = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: {
      trackerCitation:
        '"{{citation}}" names a tracker the reader of the repository does not have: cite the decision (docs/decisions/NNN) or the spec, or say the reason itself (CONVENTIONS 10).',
    },
  },
  create(context) {
    function check(node, text, loc) {
      const citation = typeof text === 'string' ? TRACKER_CITATION.exec(text) : null;
      if (citation)
        context.report({
          node,
          loc,
          messageId: 'trackerCitation',
          data: { citation: citation[0].replace(/\s+/g, ' ') },
        });
    }
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(null, comment.value, comment.loc);
      },
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.cooked),
      JSXText: (node) => check(node, node.value),
    };
  },
};
