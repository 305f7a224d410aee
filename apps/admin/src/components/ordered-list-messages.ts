/** The ordered list's own texts (apps/admin/src/components/ordered-list.tsx), French first. */
export const orderedListFr = {
  'orderedList.drag': 'Glisser pour déplacer {{name}}',
} as const;

export const orderedListEn: Record<keyof typeof orderedListFr, string> = {
  'orderedList.drag': 'Drag to move {{name}}',
};

export const orderedListNl: Record<keyof typeof orderedListFr, string> = {
  'orderedList.drag': 'Sleep om {{name}} te verplaatsen',
};

export const orderedListEs: Record<keyof typeof orderedListFr, string> = {
  'orderedList.drag': 'Arrastrar para mover {{name}}',
};
