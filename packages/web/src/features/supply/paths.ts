/** iSupply's pages (spec 000 §1, §2.4: mounted under /isupply, landing on /isupply/drugManage/drugList). */
export const DRUG_LIST_PATH = '/isupply/drugManage/drugList';
export const LOCATIONS_PATH = '/isupply/drugManage/locations';
export const KITS_PATH = '/isupply/drugManage/kits';
export const SHIPMENTS_PATH = '/isupply/shipments';
export const EXPIRY_PATH = '/isupply/expiry';
export const MONITORING_PATH = '/isupply/monitor';
