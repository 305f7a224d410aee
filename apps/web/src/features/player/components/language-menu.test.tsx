import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, within } from '@testing-library/react';
import { bilingualLanguages } from '@playz/player/testing';
import { fake, resetFake } from '../testing/fake-player';
import { controls, renderPlayer, setState } from '../testing/render-video-player';

vi.mock('@playz/player', async (importOriginal) =>
  (await import('../testing/fake-player')).fakePlayerModule(importOriginal),
);

const LANGUAGES = bilingualLanguages();

const openMenu = () => {
  fireEvent.click(controls().getByRole('button', { name: 'Audio et sous-titres' }));
  return within(controls().getByRole('menu', { name: 'Audio et sous-titres' }));
};

describe('player audio and subtitles menu (decisions 068, 069; beyond the spec)', () => {
  beforeEach(resetFake);

  it('chooses English subtitles, the English audio, then subtitles off', async () => {
    fake.state = { ...fake.state, languages: LANGUAGES };
    await renderPlayer();
    let menu = openMenu();
    expect(menu.getByRole('menuitemradio', { name: 'Désactivés' })).toHaveAttribute('aria-checked', 'true');
    const subtitles = within(menu.getByRole('group', { name: 'Sous-titres' }));
    fireEvent.click(subtitles.getByRole('menuitemradio', { name: 'English' }));
    expect(fake.calls).toContain('subtitles en');
    menu = within(controls().getByRole('menu'));
    const audio = within(menu.getByRole('group', { name: 'Audio' }));
    fireEvent.click(audio.getByRole('menuitemradio', { name: 'English' }));
    expect(fake.calls).toContain('audio en');
    expect(audio.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(menu.getByRole('menuitemradio', { name: 'Désactivés' }));
    expect(fake.calls).toContain('subtitles null');
  });

  it('sets the subtitle size and background', async () => {
    fake.state = { ...fake.state, languages: LANGUAGES };
    await renderPlayer();
    const menu = openMenu();
    expect(menu.getByRole('menuitemradio', { name: 'Moyenne' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(menu.getByRole('menuitemradio', { name: 'Grande' }));
    fireEvent.click(menu.getByRole('menuitemradio', { name: 'Ombre' }));
    expect(fake.calls).toEqual(
      expect.arrayContaining(['subtitle style {"size":"large"}', 'subtitle style {"background":"shadow"}']),
    );
    expect(menu.getByRole('menuitemradio', { name: 'Grande' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows no menu for a stream with one sound and no subtitles, and one once the stream has them', async () => {
    fake.state = {
      ...fake.state,
      languages: { ...LANGUAGES, audio: [LANGUAGES.audio[0]!], subtitles: [] },
    };
    await renderPlayer();
    expect(controls().queryByRole('button', { name: 'Audio et sous-titres' })).toBeNull();
    setState({ languages: LANGUAGES });
    expect(controls().getByRole('button', { name: 'Audio et sous-titres' })).toBeInTheDocument();
  });
});
