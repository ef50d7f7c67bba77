// The one script of every page (record 355): a few hundred bytes, no framework. Its stylesheet
// is put inline in each page by the prerender, never loaded as a file.
import { carryCampaign } from './site/campaign-links';
import './styles.css';

carryCampaign(document, location.search);
