// The warehouse screen's labels in English and Hindi (doc 3 §2; the English texts are the spec's).
import { defineCatalogue } from '../../lib/i18n/catalogue';

export const wmsText = defineCatalogue('wms', {
  en: {
    title: 'Warehouse Management System',
    subtitle: 'Zones, bins, products and stock of your facilities',
    tabs: { dashboard: 'Dashboard', facilities: 'Facilities', zones: 'Zones', bins: 'Bins', products: 'Products', inventory: 'Inventory', receiving: 'Receiving', adjustments: 'Adjustments', cycleCounts: 'Cycle Counts' },
    stats: { facilities: 'Facilities', zones: 'Zones', bins: 'Bins', products: 'Products', totalInventory: 'Total Inventory' },
    quick: { title: 'Quick Actions', facilities: 'Manage Facilities', products: 'Manage Products', inventory: 'Manage Inventory' },
    status: { title: 'System Status', database: 'Database Connected', api: 'API Service Running', capacity: 'Capacity Validation Active' },
    list: {
      search: 'Search', previous: 'Previous', next: 'Next', page: 'Page {{page}} of {{pages}} ({{total}})', edit: 'Edit', delete: 'Delete', actions: 'Actions', loading: 'Loading...', empty: 'Nothing here yet', close: 'Close',
      all: 'All', confirmDelete: 'Delete this {{what}}? This cannot be undone.', save: 'Save', cancel: 'Cancel', saving: 'Saving...',
    },
    add: { facilities: 'Add Facility', zones: 'Add Zone', bins: 'Add Bin', products: 'Add Product', inventory: 'Add Inventory' },
    editTitle: { facilities: 'Edit Facility', zones: 'Edit Zone', bins: 'Edit Bin', products: 'Edit Product', inventory: 'Edit Inventory' },
    field: {
      name: 'Name', address: 'Address', hoursStart: 'Start time', hoursEnd: 'End time', dockDoors: 'Total dock doors', qrCode: 'QR code', facility: 'Facility', zone: 'Zone', code: 'Code', zoneType: 'Zone type',
      temperature: 'Temperature', active: 'Active', maxCapacity: 'Max capacity', utilization: 'Utilization', description: 'Description', binCode: 'Bin code', aisle: 'Aisle', rack: 'Rack', shelf: 'Shelf', level: 'Level',
      binType: 'Bin type', status: 'Status', capacity: 'Capacity', current: 'Current', pickable: 'Pickable', receivable: 'Receivable', sku: 'SKU', productName: 'Product name', category: 'Category', brand: 'Brand',
      weight: 'Weight (kg)', length: 'Length (cm)', width: 'Width (cm)', height: 'Height (cm)', unit: 'Unit of measure', barcodeType: 'Barcode type', barcode: 'Barcode', hazmat: 'Hazmat code',
      storage: 'Storage instructions', picking: 'Picking instructions', serialTracked: 'Serial tracked', lotTracked: 'Lot tracked', shelfLife: 'Shelf life (days)', reorderPoint: 'Reorder point',
      reorderQuantity: 'Reorder quantity', product: 'Product', bin: 'Bin', lot: 'Lot number', serial: 'Serial number', quantity: 'Quantity', reserved: 'Reserved', available: 'Available', unitCost: 'Unit cost (USD)',
      expiry: 'Expiry date', po: 'PO number', notes: 'Notes', appointment: 'Truck at the dock (optional)', none: 'None', choose: 'Select...',
    },
    receiving: {
      title: 'Goods Receiving', scan: 'Scan Barcode', exitScan: 'Exit Scan Mode', barcode: 'Barcode', barcodeHint: 'Scan or type a SKU, barcode or GS1 code and press Enter', camera: 'Use camera', stopCamera: 'Stop camera',
      cameraUnavailable: 'The camera is not available here: type the code instead', clear: 'Clear Form', submit: 'Receive Goods', pending: 'Receiving...', findProduct: 'Find product (SKU, barcode or name)',
      received: 'Received against this truck', noReceipts: 'Nothing received against this truck yet',
    },
    adjustments: {
      title: 'Inventory Adjustments', new: 'New Adjustment', dialog: 'Record Inventory Adjustment', history: 'Adjustment History', date: 'Date', product: 'Product', bin: 'Bin', before: 'Before', adjustment: 'Adjustment',
      after: 'After', reason: 'Reason', notes: 'Notes', item: 'Inventory item', quantity: 'Quantity adjusted', submit: 'Record Adjustment', empty: 'No adjustments recorded yet', loading: 'Loading adjustments...',
      unknownProduct: 'Unknown Product', unassigned: 'Unassigned',
    },
    counts: {
      new: 'New Cycle Count', list: 'Cycle Count List', number: 'Count Number', type: 'Type', facility: 'Facility', scope: 'Zone/Bin', all: 'All', status: 'Status', planned: 'Planned Date', actions: 'Actions',
      empty: 'No cycle counts created yet', start: 'Start', count: 'Count', complete: 'Complete', create: 'Create Cycle Count', items: 'Count Items', expected: 'Expected', counted: 'Counted', variance: 'Variance',
      action: 'Action', pending: 'Pending', countType: 'Count type',
    },
    values: {
      receiving: 'Receiving', storage: 'Storage', picking: 'Picking', shipping: 'Shipping', staging: 'Staging', ambient: 'Ambient', chilled: 'Chilled', frozen: 'Frozen', pallet: 'Pallet', shelf: 'Shelf', floor: 'Floor',
      bulk: 'Bulk', available: 'Available', occupied: 'Occupied', blocked: 'Blocked', maintenance: 'Maintenance', hold: 'Hold', damaged: 'Damaged', expired: 'Expired', active: 'Active', inactive: 'Inactive',
      full: 'Full', partial: 'Partial', spot: 'Spot', planned: 'Planned', completed: 'Completed', cancelled: 'Cancelled', shrinkage: 'Shrinkage', found: 'Found', cycle_adjustment: 'Cycle adjustment', transfer_out: 'Transfer out',
      transfer_in: 'Transfer in', other: 'Other', yes: 'Yes', no: 'No',
    },
  },
  hi: {
    title: 'वेयरहाउस प्रबंधन प्रणाली',
    subtitle: 'आपकी सुविधाओं के ज़ोन, बिन, उत्पाद और स्टॉक',
    tabs: { dashboard: 'डैशबोर्ड', facilities: 'सुविधाएँ', zones: 'ज़ोन', bins: 'बिन', products: 'उत्पाद', inventory: 'इन्वेंटरी', receiving: 'माल प्राप्ति', adjustments: 'समायोजन', cycleCounts: 'साइकिल काउंट' },
    stats: { facilities: 'सुविधाएँ', zones: 'ज़ोन', bins: 'बिन', products: 'उत्पाद', totalInventory: 'कुल इन्वेंटरी' },
    quick: { title: 'त्वरित कार्य', facilities: 'सुविधाएँ प्रबंधित करें', products: 'उत्पाद प्रबंधित करें', inventory: 'इन्वेंटरी प्रबंधित करें' },
    status: { title: 'सिस्टम स्थिति', database: 'डेटाबेस जुड़ा है', api: 'API सेवा चल रही है', capacity: 'क्षमता जाँच सक्रिय है' },
    list: {
      search: 'खोजें', previous: 'पिछला', next: 'अगला', page: 'पृष्ठ {{page}} / {{pages}} ({{total}})', edit: 'संपादित करें', delete: 'हटाएँ', actions: 'कार्रवाई', loading: 'लोड हो रहा है...', empty: 'अभी यहाँ कुछ नहीं है', close: 'बंद करें',
      all: 'सभी', confirmDelete: 'यह {{what}} हटाएँ? इसे वापस नहीं किया जा सकता।', save: 'सहेजें', cancel: 'रद्द करें', saving: 'सहेजा जा रहा है...',
    },
    add: { facilities: 'सुविधा जोड़ें', zones: 'ज़ोन जोड़ें', bins: 'बिन जोड़ें', products: 'उत्पाद जोड़ें', inventory: 'इन्वेंटरी जोड़ें' },
    editTitle: { facilities: 'सुविधा संपादित करें', zones: 'ज़ोन संपादित करें', bins: 'बिन संपादित करें', products: 'उत्पाद संपादित करें', inventory: 'इन्वेंटरी संपादित करें' },
    field: {
      name: 'नाम', address: 'पता', hoursStart: 'शुरू होने का समय', hoursEnd: 'बंद होने का समय', dockDoors: 'कुल डॉक द्वार', qrCode: 'QR कोड', facility: 'सुविधा', zone: 'ज़ोन', code: 'कोड', zoneType: 'ज़ोन का प्रकार',
      temperature: 'तापमान', active: 'सक्रिय', maxCapacity: 'अधिकतम क्षमता', utilization: 'उपयोग', description: 'विवरण', binCode: 'बिन कोड', aisle: 'गलियारा', rack: 'रैक', shelf: 'शेल्फ़', level: 'स्तर',
      binType: 'बिन का प्रकार', status: 'स्थिति', capacity: 'क्षमता', current: 'वर्तमान', pickable: 'पिकिंग योग्य', receivable: 'प्राप्ति योग्य', sku: 'SKU', productName: 'उत्पाद का नाम', category: 'श्रेणी', brand: 'ब्रांड',
      weight: 'वज़न (किग्रा)', length: 'लंबाई (सेमी)', width: 'चौड़ाई (सेमी)', height: 'ऊँचाई (सेमी)', unit: 'माप की इकाई', barcodeType: 'बारकोड का प्रकार', barcode: 'बारकोड', hazmat: 'खतरनाक सामग्री कोड',
      storage: 'भंडारण निर्देश', picking: 'पिकिंग निर्देश', serialTracked: 'सीरियल ट्रैक', lotTracked: 'लॉट ट्रैक', shelfLife: 'शेल्फ़ लाइफ़ (दिन)', reorderPoint: 'पुनः ऑर्डर बिंदु',
      reorderQuantity: 'पुनः ऑर्डर मात्रा', product: 'उत्पाद', bin: 'बिन', lot: 'लॉट नंबर', serial: 'सीरियल नंबर', quantity: 'मात्रा', reserved: 'आरक्षित', available: 'उपलब्ध', unitCost: 'इकाई लागत (USD)',
      expiry: 'समाप्ति तिथि', po: 'PO नंबर', notes: 'टिप्पणियाँ', appointment: 'डॉक पर ट्रक (वैकल्पिक)', none: 'कोई नहीं', choose: 'चुनें...',
    },
    receiving: {
      title: 'माल प्राप्ति', scan: 'बारकोड स्कैन करें', exitScan: 'स्कैन मोड से बाहर निकलें', barcode: 'बारकोड', barcodeHint: 'SKU, बारकोड या GS1 कोड स्कैन करें या लिखें और Enter दबाएँ', camera: 'कैमरा इस्तेमाल करें', stopCamera: 'कैमरा बंद करें',
      cameraUnavailable: 'यहाँ कैमरा उपलब्ध नहीं है: कोड लिखें', clear: 'फ़ॉर्म साफ़ करें', submit: 'माल प्राप्त करें', pending: 'प्राप्त किया जा रहा है...', findProduct: 'उत्पाद खोजें (SKU, बारकोड या नाम)',
      received: 'इस ट्रक से प्राप्त माल', noReceipts: 'इस ट्रक से अभी कुछ प्राप्त नहीं हुआ',
    },
    adjustments: {
      title: 'इन्वेंटरी समायोजन', new: 'नया समायोजन', dialog: 'इन्वेंटरी समायोजन दर्ज करें', history: 'समायोजन इतिहास', date: 'तारीख', product: 'उत्पाद', bin: 'बिन', before: 'पहले', adjustment: 'समायोजन',
      after: 'बाद में', reason: 'कारण', notes: 'टिप्पणियाँ', item: 'इन्वेंटरी आइटम', quantity: 'समायोजित मात्रा', submit: 'समायोजन दर्ज करें', empty: 'अभी तक कोई समायोजन दर्ज नहीं हुआ', loading: 'समायोजन लोड हो रहे हैं...',
      unknownProduct: 'अज्ञात उत्पाद', unassigned: 'असाइन नहीं',
    },
    counts: {
      new: 'नया साइकिल काउंट', list: 'साइकिल काउंट सूची', number: 'काउंट नंबर', type: 'प्रकार', facility: 'सुविधा', scope: 'ज़ोन/बिन', all: 'सभी', status: 'स्थिति', planned: 'नियोजित तारीख', actions: 'कार्रवाई',
      empty: 'अभी तक कोई साइकिल काउंट नहीं बना', start: 'शुरू करें', count: 'गिनें', complete: 'पूरा करें', create: 'साइकिल काउंट बनाएँ', items: 'आइटम गिनें', expected: 'अपेक्षित', counted: 'गिना गया', variance: 'अंतर',
      action: 'कार्रवाई', pending: 'बाकी', countType: 'काउंट का प्रकार',
    },
    values: {
      receiving: 'प्राप्ति', storage: 'भंडारण', picking: 'पिकिंग', shipping: 'शिपिंग', staging: 'स्टेजिंग', ambient: 'सामान्य', chilled: 'ठंडा', frozen: 'जमा हुआ', pallet: 'पैलेट', shelf: 'शेल्फ़', floor: 'फ़र्श',
      bulk: 'थोक', available: 'उपलब्ध', occupied: 'भरा हुआ', blocked: 'अवरुद्ध', maintenance: 'रखरखाव', hold: 'रोका गया', damaged: 'क्षतिग्रस्त', expired: 'समाप्त', active: 'सक्रिय', inactive: 'निष्क्रिय',
      full: 'पूर्ण', partial: 'आंशिक', spot: 'स्पॉट', planned: 'नियोजित', completed: 'पूरा हुआ', cancelled: 'रद्द', shrinkage: 'कमी', found: 'मिला', cycle_adjustment: 'साइकिल समायोजन', transfer_out: 'बाहर स्थानांतरण',
      transfer_in: 'अंदर स्थानांतरण', other: 'अन्य', yes: 'हाँ', no: 'नहीं',
    },
  },
});
