interface ImportMetaEnv {
  /** Origin of the API, e.g. https://api.example.com; default: this host on port 4000. */
  readonly VITE_API_URL?: string;
  /** Origin of the marketing site (terms, privacy); default: this host on port 4300. */
  readonly VITE_LANDING_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
