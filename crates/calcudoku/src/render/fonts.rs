//! The bundled font (Noto Sans, SIL Open Font License 1.1; `assets/fonts/OFL.txt`), so that
//! PNG pixels and PDF text look the same on every machine, whatever fonts it has.

use std::sync::{Arc, OnceLock};

use usvg::fontdb;

/// Noto Sans Regular and Bold, cut down to Latin-1 and a few signs (× ÷ – — …).
const REGULAR: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Bold.ttf");
/// Noto Sans Math cut down to the minus sign `−`, which Noto Sans lacks (found by fallback).
const MATH: &[u8] = include_bytes!("../../assets/fonts/NotoSansMath-Regular.ttf");

/// The family name of the bundled font.
pub(crate) const FAMILY: &str = "Noto Sans";

/// The fonts, loaded once.
fn database() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        db.load_font_data(REGULAR.to_vec());
        db.load_font_data(BOLD.to_vec());
        db.load_font_data(MATH.to_vec());
        db.set_sans_serif_family(FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// SVG reading options that use only the bundled font.
pub(crate) fn options() -> usvg::Options<'static> {
    usvg::Options { font_family: FAMILY.into(), fontdb: database(), ..usvg::Options::default() }
}

/// Parses an SVG this module wrote.
pub(crate) fn tree(svg: &str) -> Result<usvg::Tree, super::RenderError> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| super::RenderError::Svg(e.to_string()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_bundled_fonts_load_under_their_family_name() {
        let db = super::database();
        assert_eq!(db.len(), 3);
        let family = |f: &usvg::fontdb::FaceInfo| f.families[0].0.clone();
        let names: Vec<String> = db.faces().map(family).collect();
        assert_eq!(names, ["Noto Sans", "Noto Sans", "Noto Sans Math"]);
    }
}
