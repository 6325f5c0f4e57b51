import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * What the user is editing of a value the URL holds (a search box, a filter form): edited locally,
 * and following the URL when it changes from elsewhere (a link, the back button).
 *
 * The router renders navigations in a React transition. A back button pressed before the step it
 * undoes was drawn leaves the URL React sees unchanged, so watching `fromUrl` alone would keep the
 * undone choice on screen; every popstate therefore re-reads the URL too.
 *
 * `keeps(draft, fromUrl)`: the draft already says what the URL says (the user's own change coming
 * back, say without its trailing space) and stays as typed.
 */
export function useUrlDraft<T>(
  fromUrl: T,
  keeps: (draft: T, fromUrl: T) => boolean = () => false,
): [T, Dispatch<SetStateAction<T>>] {
  const key = JSON.stringify(fromUrl);
  const [draft, setDraft] = useState(fromUrl);
  const [pops, setPops] = useState(0);
  const [followed, setFollowed] = useState({ key, pops });
  if (followed.key !== key || followed.pops !== pops) {
    setFollowed({ key, pops });
    if (!keeps(draft, fromUrl)) setDraft(fromUrl);
  }
  useEffect(() => {
    const count = () => setPops((count) => count + 1);
    window.addEventListener('popstate', count);
    return () => window.removeEventListener('popstate', count);
  }, []);
  return [draft, setDraft];
}

/** For search boxes: the URL holds the typed text trimmed, which is the same search. */
export const sameSearchText = (draft: string, fromUrl: string) => draft.trim() === fromUrl.trim();
