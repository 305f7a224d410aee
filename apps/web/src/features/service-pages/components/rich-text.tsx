import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { tokenizeText } from '../api/text-tokens';

/** Replaces a {{marker}} of the text; unknown markers stay out of sight. */
export type MarkerRenderer = (marker: string) => ReactNode;

/**
 * A section text with clickable links (spec 1 §2): web addresses open in a new tab, e-mail
 * addresses write a mail, paths of this site stay in the app. Blank lines start paragraphs;
 * a marker alone in its paragraph (a table) is not wrapped in <p>.
 */
export function RichText({ text, renderMarker }: { text: string; renderMarker?: MarkerRenderer }) {
  const paragraphs = text.split(/\n{2,}/);
  return (
    <>
      {paragraphs.map((paragraph, index) => {
        const tokens = tokenizeText(paragraph.trim());
        const content = tokens.map((token, tokenIndex) => {
          const key = `${index}-${tokenIndex}`;
          switch (token.kind) {
            case 'marker':
              return <Fragment key={key}>{renderMarker?.(token.value) ?? null}</Fragment>;
            case 'url':
              return (
                <a key={key} href={token.value} className="text-link" target="_blank" rel="noopener noreferrer">
                  {token.value}
                </a>
              );
            case 'email':
              return (
                <a key={key} href={`mailto:${token.value}`} className="text-link">
                  {token.value}
                </a>
              );
            case 'path':
              return (
                <Link key={key} to={token.value} className="text-link">
                  {token.value}
                </Link>
              );
            default:
              return (
                <Fragment key={key}>
                  {token.value.split('\n').map((line, lineIndex) => (
                    <Fragment key={lineIndex}>
                      {lineIndex > 0 ? <br /> : null}
                      {line}
                    </Fragment>
                  ))}
                </Fragment>
              );
          }
        });
        const isBlock = tokens.length === 1 && tokens[0]?.kind === 'marker';
        return isBlock ? <Fragment key={index}>{content}</Fragment> : <p key={index}>{content}</p>;
      })}
    </>
  );
}
