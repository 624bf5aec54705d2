"""paper-trends dashboard entry point: page config, navigation, run the selected page."""

import streamlit as st

st.set_page_config(page_title="paper-trends", layout="wide")
page = st.navigation([st.Page("dashboard/app_pages/overview.py", title="Overview", default=True)])
page.run()
