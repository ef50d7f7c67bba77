// Replaced by the server that serves the built app (see @talaqa/api-client runtime-config).
window.__TALAQA_CONFIG__ = window.__TALAQA_CONFIG__ || {};
