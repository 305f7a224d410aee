/** The paged lists' texts (decision 110), merged into the console's catalogues. */
export const listsFr = {
  'lists.pages': 'Pages',
  'lists.page': 'Page {{page}}',
  'lists.previous': 'Page précédente',
  'lists.next': 'Page suivante',
  'customers.newest': 'Derniers comptes créés',
};

export const listsEn: Record<keyof typeof listsFr, string> = {
  'lists.pages': 'Pages',
  'lists.page': 'Page {{page}}',
  'lists.previous': 'Previous page',
  'lists.next': 'Next page',
  'customers.newest': 'Newest accounts',
};

export const listsNl: Record<keyof typeof listsFr, string> = {
  'lists.pages': 'Pagina’s',
  'lists.page': 'Pagina {{page}}',
  'lists.previous': 'Vorige pagina',
  'lists.next': 'Volgende pagina',
  'customers.newest': 'Nieuwste accounts',
};

export const listsEs: Record<keyof typeof listsFr, string> = {
  'lists.pages': 'Páginas',
  'lists.page': 'Página {{page}}',
  'lists.previous': 'Página anterior',
  'lists.next': 'Página siguiente',
  'customers.newest': 'Cuentas más recientes',
};
