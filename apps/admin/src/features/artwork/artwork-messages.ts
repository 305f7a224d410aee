/** The artwork panel's texts (decisions 113 and 115), shared by the content, series and live event editors. */
export const artworkFr = {
  'artwork.title': 'Visuels',
  'artwork.hint':
    'JPEG, PNG ou WebP, 10 Mo au plus, 640 × 360 au moins. L’affiche donne le format 16:9 et le format 2:3.',
  'artwork.hint.liveEvent':
    'JPEG, PNG ou WebP, 10 Mo au plus, 640 × 360 au moins. Une seule image 16:9 : l’affiche et le fond de l’événement.',
  'artwork.poster': 'Affiche',
  'artwork.portrait': 'Affiche 2:3',
  'artwork.backdrop': 'Image de fond',
  'artwork.preview': 'Aperçu',
  'artwork.none': 'Aucune image.',
  'artwork.loading': 'Chargement des images…',
  'artwork.loadFailed': 'Les images n’ont pas pu être lues.',
  'artwork.send.poster': 'Envoyer l’affiche',
  'artwork.send.backdrop': 'Envoyer l’image de fond',
  'artwork.saved': 'Image enregistrée : les spectateurs la voient maintenant.',
  'artwork.refused': 'Image refusée : JPEG, PNG ou WebP d’au moins 640 × 360, 10 Mo au plus.',
  'artwork.tooBig': 'Fichier trop lourd : 10 Mo au plus.',
} as const;

type Texts = Record<keyof typeof artworkFr, string>;

export const artworkEn: Texts = {
  'artwork.title': 'Artwork',
  'artwork.hint':
    'JPEG, PNG or WebP, 10 MB at most, 640 × 360 at least. The poster gives the 16:9 and the 2:3 formats.',
  'artwork.hint.liveEvent':
    'JPEG, PNG or WebP, 10 MB at most, 640 × 360 at least. One 16:9 picture: the event’s poster and backdrop.',
  'artwork.poster': 'Poster',
  'artwork.portrait': '2:3 poster',
  'artwork.backdrop': 'Backdrop',
  'artwork.preview': 'Preview',
  'artwork.none': 'No picture.',
  'artwork.loading': 'Loading the pictures…',
  'artwork.loadFailed': 'The pictures could not be read.',
  'artwork.send.poster': 'Send the poster',
  'artwork.send.backdrop': 'Send the backdrop',
  'artwork.saved': 'Picture saved: viewers see it now.',
  'artwork.refused': 'Picture refused: a JPEG, PNG or WebP of at least 640 × 360, 10 MB at most.',
  'artwork.tooBig': 'File too large: 10 MB at most.',
};

export const artworkNl: Texts = {
  'artwork.title': 'Beelden',
  'artwork.hint':
    'JPEG, PNG of WebP, hoogstens 10 MB, minstens 640 × 360. De poster geeft het 16:9- en het 2:3-formaat.',
  'artwork.hint.liveEvent':
    'JPEG, PNG of WebP, hoogstens 10 MB, minstens 640 × 360. Eén 16:9-beeld: de poster en de achtergrond van het evenement.',
  'artwork.poster': 'Poster',
  'artwork.portrait': 'Poster 2:3',
  'artwork.backdrop': 'Achtergrond',
  'artwork.preview': 'Voorbeeld',
  'artwork.none': 'Geen afbeelding.',
  'artwork.loading': 'Afbeeldingen laden…',
  'artwork.loadFailed': 'De afbeeldingen konden niet worden gelezen.',
  'artwork.send.poster': 'Poster versturen',
  'artwork.send.backdrop': 'Achtergrond versturen',
  'artwork.saved': 'Afbeelding opgeslagen: kijkers zien ze nu.',
  'artwork.refused': 'Afbeelding geweigerd: een JPEG, PNG of WebP van minstens 640 × 360, hoogstens 10 MB.',
  'artwork.tooBig': 'Bestand te groot: hoogstens 10 MB.',
};

export const artworkEs: Texts = {
  'artwork.title': 'Imágenes',
  'artwork.hint': 'JPEG, PNG o WebP, 10 MB como máximo, 640 × 360 como mínimo. El póster da los formatos 16:9 y 2:3.',
  'artwork.hint.liveEvent':
    'JPEG, PNG o WebP, 10 MB como máximo, 640 × 360 como mínimo. Una sola imagen 16:9: el póster y el fondo del evento.',
  'artwork.poster': 'Póster',
  'artwork.portrait': 'Póster 2:3',
  'artwork.backdrop': 'Fondo',
  'artwork.preview': 'Vista previa',
  'artwork.none': 'Sin imagen.',
  'artwork.loading': 'Cargando las imágenes…',
  'artwork.loadFailed': 'No se pudieron leer las imágenes.',
  'artwork.send.poster': 'Enviar el póster',
  'artwork.send.backdrop': 'Enviar el fondo',
  'artwork.saved': 'Imagen guardada: los espectadores ya la ven.',
  'artwork.refused': 'Imagen rechazada: un JPEG, PNG o WebP de al menos 640 × 360, 10 MB como máximo.',
  'artwork.tooBig': 'Archivo demasiado grande: 10 MB como máximo.',
};
