/** A file as received and written to disk (http/uploads.ts): where it is, its client-given name, its size. */
export type UploadedFile = { path: string; name: string; size: number };
