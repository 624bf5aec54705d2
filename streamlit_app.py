"""paper-trends dashboard entry point: page config, global filters, navigation, run the page."""

import streamlit as st

from dashboard import data, filters, views
from extract.store import StoreError

st.set_page_config(page_title="paper-trends", page_icon=":material/insights:", layout="wide")
# Tables' built-in CSV export would bypass the formula neutralising of dashboard.export; every
# download goes through our buttons instead (also set in .streamlit/config.toml).
st.set_option("client.disableDataExport", True)

PAGES = {
    "Explore": [
        st.Page(
            "dashboard/app_pages/overview.py",
            title="Overview",
            icon=":material/dashboard:",
            default=True,
        ),
        st.Page("dashboard/app_pages/trends.py", title="Trends", icon=":material/trending_up:"),
        st.Page(
            "dashboard/app_pages/techniques.py", title="Techniques", icon=":material/category:"
        ),
        st.Page(
            "dashboard/app_pages/model_sizes.py", title="Model sizes", icon=":material/memory:"
        ),
        st.Page("dashboard/app_pages/results.py", title="Results", icon=":material/leaderboard:"),
        st.Page(
            "dashboard/app_pages/leaderboards.py",
            title="Leaderboards",
            icon=":material/emoji_events:",
        ),
        st.Page("dashboard/app_pages/keywords.py", title="Keywords", icon=":material/key:"),
        st.Page(
            "dashboard/app_pages/emerging.py",
            title="Emerging topics",
            icon=":material/rocket_launch:",
        ),
    ],
    "Papers and data": [
        st.Page("dashboard/app_pages/papers.py", title="Papers", icon=":material/article:"),
        st.Page("dashboard/app_pages/data.py", title="Data", icon=":material/database:"),
    ],
}

page = st.navigation(PAGES)
try:
    opts = data.filter_options()
except StoreError as exc:
    st.error(f"Cannot open the database: {exc}")
    st.stop()
filters.sidebar(
    opts,
    data.tag_aliases(),
    data.rejected_count,
    concepts=views.concept_choices(),
    concept_labels=views.concept_labels,
)
for warning in filters.link_warnings():
    st.warning(warning, icon=":material/link_off:")
st.sidebar.caption(f"Database: `{data.db_path().name}`")
page.run()
