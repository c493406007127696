// The real fetch, with a log of what was asked: which paths, how many times.

export interface RecordingFetch {
  fetch: typeof fetch;
  urls: URL[];
  headers: Headers[];
  count(pathPart: string): number;
}

export function recordingFetch(): RecordingFetch {
  const urls: URL[] = [];
  const headers: Headers[] = [];
  const recorded: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    urls.push(new URL(request.url));
    headers.push(request.headers);
    return fetch(request);
  };
  return {
    fetch: recorded,
    urls,
    headers,
    count: (pathPart) => urls.filter((url) => url.pathname.includes(pathPart)).length,
  };
}
