interface ImportMetaEnv {
  /** Origin of the API, e.g. https://api.example.com; default: this host on port 4000. */
  readonly VITE_API_URL?: string;
  /** Origin of the main app (links to meeting rooms); default: this host on the web port. */
  readonly VITE_WEB_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
