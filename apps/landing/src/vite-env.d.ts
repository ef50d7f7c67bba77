interface ImportMetaEnv {
  /** Origin of the API, e.g. https://api.example.com; default: this host on port 4000. */
  readonly VITE_API_URL?: string;
  /** Origin of the main app, where the call to action leads; default http://localhost:4100. */
  readonly VITE_WEB_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
