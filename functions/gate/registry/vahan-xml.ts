// The XML reading of VAHAN's answers, with fast-xml-parser (a maintained parser, no regular
// expressions over XML). A module of its own, built as a bundle of its own (VAHAN_XML_READER in
// vahan.ts), so that vahan.ts loads it, and the parser, on the first VAHAN answer only (a static import
// here lets the bundler leave out the parser's XML builder).
import { XMLParser, XMLValidator } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: false,
});

/** The parsed document; null when the answer is not a well-formed XML document. */
export function readXml(xml: string): unknown {
  return XMLValidator.validate(xml) === true ? parser.parse(xml) : null;
}
